#!/usr/bin/env bash
# Runs a command beside a PostgreSQL server of its own: Debian's
# PostgreSQL (installed when missing), initdb'd as the postgres user into a
# temporary directory, listening on 127.0.0.1 only, on a free port, with
# password (SCRAM) authentication over TCP. The command sees
#   GESTURETUNE_TEST_POSTGRES=postgres://postgres@127.0.0.1:PORT/postgres
#   PGPASSWORD=…   (a random password, this server's only)
#   GESTURETUNE_TEST_POSTGRES_CTL=…/pg_ctl   (this server's pg_ctl: `start`,
#       or `stop -m immediate` as a crash would; for a test that stops the
#       server mid-write, which runs a with-postgres.sh of its own)
#   GESTURETUNE_TEST_POSTGRES_LOG=…/server.log   (the server's log)
#   GESTURETUNE_TEST_POSTGRES_CA=…/ca.crt   (the certificate authority of
#       this server's TLS certificate: a CA made for this run with openssl,
#       the server's certificate for the host name "localhost")
# The server takes TLS (ssl=on) as well as plain connections, so a client's
# default sslmode (prefer) encrypts, and sslmode=require / verify-full can
# be tested against it.
# The server is stopped by its data directory, and the directory removed,
# when the command ends, whatever its end. fsync is off (a test server's
# data is thrown away); PG_FSYNC=on keeps it, for benchmarks.
#
#   scripts/with-postgres.sh swift test --skip-build
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/with-postgres.sh COMMAND [ARGS…]" >&2; exit 2; }

scripts/ensure-system-packages.sh postgresql
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "with-postgres: no initdb under /usr/lib/postgresql" >&2; exit 1; }

# initdb refuses to run as root: the server runs as postgres (the package's user).
as=()
if [ "$(id -u)" = 0 ]; then as=(runuser -u postgres --); fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/gesturetune-pg.XXXXXX")
chmod 755 "$dir"
[ ${#as[@]} -eq 0 ] || chown postgres: "$dir"
data="$dir/data"

ctl="$dir/pg_ctl"
stop() {
    if [ -x "$ctl" ]; then "$ctl" stop -m fast >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
printf '%s\n' "$password" > "$dir/pw"
[ ${#as[@]} -eq 0 ] || chown postgres: "$dir/pw"
"${as[@]}" "$bin/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --pwfile="$dir/pw" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
rm -f "$dir/pw"

# TLS: a CA of this run's own, and the server's certificate for "localhost"
# (not for 127.0.0.1: verify-full then refuses the address, as it must)
# signed by it. The key is the server's own, readable by it alone.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=gesturetune test CA" -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
    -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$dir/server.ext"
openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
    -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
rm -f "$dir/ca.key" "$dir/server.csr" "$dir/server.ext" "$dir/ca.srl"
chmod 600 "$dir/server.key"
[ ${#as[@]} -eq 0 ] || chown postgres: "$dir/server.key" "$dir/server.crt"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# This server's pg_ctl, the one way it is started and stopped: as its user,
# on its data directory, with its options (a restart keeps its port).
options="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=${PG_FSYNC:-off} -c max_connections=100"
options+=" -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key"
cat >"$ctl" <<EOF
#!/usr/bin/env bash
# usage: pg_ctl start | pg_ctl stop [-m fast|immediate]
command=\$1; shift
case \$command in
start)
    # The server keeps no descriptor of whoever starts it (a test's pipe
    # left open in it would never reach its end).
    for fd in /proc/\$\$/fd/*; do fd=\${fd##*/}; [ "\$fd" -gt 2 ] && eval "exec \$fd>&-"; done 2>/dev/null
    exec ${as[*]} "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 30 -o "$options" "\$@" start ;;
stop) exec ${as[*]} "$bin/pg_ctl" -D "$data" -w -t 20 "\$@" stop ;;
*) echo "usage: \$0 start | stop [-m MODE]" >&2; exit 2 ;;
esac
EOF
chmod 755 "$ctl"
"$ctl" start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

export GESTURETUNE_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres"
export PGPASSWORD="$password"
export GESTURETUNE_TEST_POSTGRES_CTL="$ctl"
export GESTURETUNE_TEST_POSTGRES_LOG="$dir/server.log"
export GESTURETUNE_TEST_POSTGRES_CA="$dir/ca.crt"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
status=0
"$@" || status=$?
exit $status
