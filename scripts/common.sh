# scripts/common.sh — shared by `make test` and `make demo` (sourced, bash).
#
# Set-up of a fresh machine, build and install, and a throwaway PostgreSQL
# cluster under the build tree (tmp_check/), run as an unprivileged OS user
# because PostgreSQL refuses to run as root.
#
# Environment: PG_CONFIG (default pg_config), GPUSCAN_PORT (default 54329),
# GPUSCAN_OS_USER (default postgres, else pgrun), GPUSCAN_TMP (the cluster's
# directory, default tmp_check/ in the build tree; set it where the server's
# user cannot reach the build tree), MAKEFLAGS for the build.

PGVER=${PGVER:-15}
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TMPDIR_CLUSTER=${GPUSCAN_TMP:-$TOP/tmp_check}
PGDATA_DIR=$TMPDIR_CLUSTER/data
PORT=${GPUSCAN_PORT:-54329}
PACKAGES="postgresql-$PGVER postgresql-server-dev-$PGVER"
FUZZ_PACKAGES="clang libclang-rt-14-dev"

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

# Run a command as the server's OS user.
as_os_user() {
	local u; u=$(os_user) || return 1
	if [ "$(id -u)" = 0 ]; then runuser -u "$u" -- "$@"; else "$@"; fi
}

# Build and install the extension (with CUDA when nvcc is found).
build_install() {
	(cd "$TOP" && make -s PG_CONFIG="$PG_CONFIG" >&2) || { say "build failed"; return 1; }
	if ! (cd "$TOP" && make -s PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1); then
		say "make install failed: $("$PG_CONFIG" --pkglibdir) must be writable (run as root)"
		return 1
	fi
}

# Stop a cluster left over by an earlier run, if any.
cluster_stop() {
	if [ -f "$PGDATA_DIR/postmaster.pid" ]; then
		as_os_user pg_ctl -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 ||
			as_os_user pg_ctl -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1
	fi
	return 0
}

# Create and start a throwaway cluster in tmp_check/ on a Unix socket.
cluster_start() {
	local u; u=$(os_user) || return 1
	cluster_stop
	rm -rf "$TMPDIR_CLUSTER"
	mkdir -p "$TMPDIR_CLUSTER"
	[ "$(id -u)" = 0 ] && chown "$u" "$TMPDIR_CLUSTER"
	if ! as_os_user test -w "$TMPDIR_CLUSTER"; then
		say "user $u cannot write $TMPDIR_CLUSTER (is the build tree readable by $u?)"
		return 1
	fi
	as_os_user initdb -D "$PGDATA_DIR" -U postgres --auth=trust --no-sync \
		>"$TMPDIR_CLUSTER/initdb.log" 2>&1 || { say "initdb failed:"; cat "$TMPDIR_CLUSTER/initdb.log" >&2; return 1; }
	as_os_user pg_ctl -D "$PGDATA_DIR" -w -l "$TMPDIR_CLUSTER/server.log" \
		-o "-c listen_addresses='' -k $TMPDIR_CLUSTER -p $PORT -c fsync=off" start >/dev/null ||
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
	rm -f "$TOP/regression.diffs"
	(cd "$TOP" && env "$@" make -s PG_CONFIG="$PG_CONFIG" installcheck) 2>&1 | tee "$log"
	REGRESS_OK=$(grep -cE '\.\.\. ok' "$log")
	REGRESS_FAILED=$(grep -cE '\.\.\. (FAILED|failed)' "$log")
	if [ "$REGRESS_OK" -eq 0 ] && [ "$REGRESS_FAILED" -eq 0 ]; then
		REGRESS_FAILED=1		# pg_regress did not run at all
	fi
	if [ -s "$TOP/regression.diffs" ]; then
		echo "-- regression.diffs (first 80 lines)"
		head -80 "$TOP/regression.diffs"
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
