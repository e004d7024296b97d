"""test/pgclient.py -- a minimal PostgreSQL client over libpq (ctypes), the
one database client of the Python tests (test/hostile.py, test/cancel.py,
test/leaks.py, test/gpu/service.py).

Standard library only, so the tests also run on the GPU machine, which has
Python but no PostgreSQL driver.  libpq.so.5 is found by the dynamic loader
(LD_LIBRARY_PATH there).  Connections take PGHOST, PGPORT, PGUSER and
PGDATABASE (and PGOPTIONS) from the environment, as psql does.  The tests'
pass/fail tally is test/tally.py.
"""
import ctypes
import random
import time

_lib = ctypes.CDLL("libpq.so.5")
_P = ctypes.c_void_p
for _name, _res, _args in [
        ("PQconnectdb", _P, [ctypes.c_char_p]),
        ("PQstatus", ctypes.c_int, [_P]),
        ("PQerrorMessage", ctypes.c_char_p, [_P]),
        ("PQfinish", None, [_P]),
        ("PQexec", _P, [_P, ctypes.c_char_p]),
        ("PQsendQuery", ctypes.c_int, [_P, ctypes.c_char_p]),
        ("PQgetResult", _P, [_P]),
        ("PQresultStatus", ctypes.c_int, [_P]),
        ("PQresultErrorField", ctypes.c_char_p, [_P, ctypes.c_int]),
        ("PQntuples", ctypes.c_int, [_P]),
        ("PQnfields", ctypes.c_int, [_P]),
        ("PQgetvalue", ctypes.c_char_p, [_P, ctypes.c_int, ctypes.c_int]),
        ("PQgetisnull", ctypes.c_int, [_P, ctypes.c_int, ctypes.c_int]),
        ("PQclear", None, [_P]),
        ("PQbackendPID", ctypes.c_int, [_P]),
        ("PQgetCancel", _P, [_P]),
        ("PQcancel", ctypes.c_int, [_P, ctypes.c_char_p, ctypes.c_int]),
        ("PQfreeCancel", None, [_P])]:
    _f = getattr(_lib, _name)
    _f.restype = _res
    _f.argtypes = _args

_OK = (1, 2)                   # PGRES_COMMAND_OK, PGRES_TUPLES_OK
_DIAG_SQLSTATE = ord("C")
_DIAG_MESSAGE = ord("M")
_DIAG_DETAIL = ord("D")


class SqlError(Exception):
    """An ERROR from the server: sqlstate, message and detail."""

    def __init__(self, sqlstate, message, detail):
        super().__init__("%s: %s" % (sqlstate, message))
        self.sqlstate = sqlstate
        self.message = message
        self.detail = detail


def _text(b):
    """Bytes from libpq as str (None stays None)."""
    return None if b is None else b.decode("utf-8", "replace")


class Connection:
    """One libpq connection; rows come back as lists of str or None."""

    def __init__(self, conninfo=""):
        self.conn = _lib.PQconnectdb(conninfo.encode())
        if _lib.PQstatus(self.conn) != 0:
            msg = _text(_lib.PQerrorMessage(self.conn))
            _lib.PQfinish(self.conn)
            self.conn = None
            raise RuntimeError("connection failed: " + msg)
        self.pid = _lib.PQbackendPID(self.conn)

    def _take(self, res):
        """Rows of a result, or SqlError; frees the result."""
        try:
            st = _lib.PQresultStatus(res)
            if st not in _OK:
                raise SqlError(_text(_lib.PQresultErrorField(res, _DIAG_SQLSTATE)) or "?",
                               _text(_lib.PQresultErrorField(res, _DIAG_MESSAGE))
                               or _text(_lib.PQerrorMessage(self.conn)),
                               _text(_lib.PQresultErrorField(res, _DIAG_DETAIL)))
            return [[None if _lib.PQgetisnull(res, r, c) else _text(_lib.PQgetvalue(res, r, c))
                     for c in range(_lib.PQnfields(res))]
                    for r in range(_lib.PQntuples(res))]
        finally:
            _lib.PQclear(res)

    def query(self, sql):
        """Run one statement and return its rows (SqlError on ERROR)."""
        return self._take(_lib.PQexec(self.conn, sql.encode()))

    def value(self, sql):
        """The first column of the first row of a statement."""
        return self.query(sql)[0][0]

    def send(self, sql):
        """Start a statement without waiting for it."""
        if not _lib.PQsendQuery(self.conn, sql.encode()):
            raise RuntimeError(_text(_lib.PQerrorMessage(self.conn)))

    def wait_all(self):
        """Wait for the statements started by send(): a list of the rows of
        each, in order, or the first SqlError (PostgreSQL runs the statements
        of one send in one transaction and stops at the first ERROR)."""
        out, err = [], None
        while True:
            res = _lib.PQgetResult(self.conn)
            if not res:
                break
            try:
                out.append(self._take(res))
            except SqlError as e:
                err = err or e
        if err:
            raise err
        return out

    def wait(self):
        """Wait for the statement started by send(): its rows, or SqlError."""
        results = self.wait_all()
        return results[-1] if results else None

    def cancel(self):
        """Send a protocol cancel request (what psql's Ctrl-C does)."""
        c = _lib.PQgetCancel(self.conn)
        buf = ctypes.create_string_buffer(256)
        ok = _lib.PQcancel(c, buf, 256)
        _lib.PQfreeCancel(c)
        if not ok:
            raise RuntimeError("PQcancel: " + _text(buf.value))

    def close(self):
        """Close the connection."""
        if self.conn:
            _lib.PQfinish(self.conn)
            self.conn = None


def now():
    """Monotonic seconds."""
    return time.monotonic()


def scan_options(ap):
    """The options every scan test takes: --engine, --kernel, --seed."""
    ap.add_argument("--engine", choices=["cpu", "gpu"], default="cpu")
    ap.add_argument("--kernel", default="auto")
    ap.add_argument("--seed", type=int, default=None)


def seeded(args):
    """(seed, random generator) from --seed, else from the clock."""
    seed = args.seed if args.seed is not None else int(time.time())
    return seed, random.Random(seed)


def scan_session(args):
    """A connection whose scans run on --engine with --kernel (without a
    --kernel option, the kernel that PGOPTIONS or the server sets)."""
    conn = Connection()
    conn.query("SET client_min_messages = warning")
    conn.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    conn.query("RESET client_min_messages")
    conn.query("SET gpuscan.device = %s" % args.engine)
    if getattr(args, "kernel", None):
        conn.query("SET gpuscan.kernel = %s" % args.kernel)
    return conn

