#!/usr/bin/env bash
# Builds deploy/Dockerfile with Podman and starts the API from the image (decision 0062), on a
# machine where no container can run: Podman builds with --isolation=chroot, and the image's own
# filesystem is then started with chroot as its user (uid 1000), sharing the host's network.
# With no registry to pull node:22-bookworm-slim from, the base is made here: Debian bookworm
# (debootstrap) with the project's Node 22 (node_modules/node) and npm, and a `node` user.
#   sudo bash scripts/check-image.sh        (needs podman, debootstrap, PostgreSQL on 127.0.0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
work="${CHECK_IMAGE_DIR:-/tmp/tranche-image-check}"
base=localhost/tranche-node22-base:check
image=localhost/tranche:check
db="tranche_image_$(date +%s)"
admin_url="${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
mkdir -p "$work"
# Podman's defaults raise rlimits this sandbox refuses.
printf '[containers]\ndefault_ulimits = []\n' > "$work/containers.conf"
export CONTAINERS_CONF="$work/containers.conf"

if ! podman image exists "$base"; then
  rootfs="$work/rootfs"
  [ -x "$rootfs/bin/sh" ] || debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
  install -m755 node_modules/node/bin/node "$rootfs/usr/local/bin/node"
  npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  rm -rf "$rootfs/usr/local/lib/node_modules/npm"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf /usr/local/lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  chroot "$rootfs" sh -c 'getent passwd node >/dev/null || { groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node; }'
  tar -C "$rootfs" -cf "$work/rootfs.tar" .
  podman import "$work/rootfs.tar" "$base"
fi

# A copy of npm's cache spares the downloads; a copy, since the image's last step cleans it.
[ -d "$work/npm-cache" ] || cp -a "${HOME}/.npm" "$work/npm-cache" 2>/dev/null || mkdir -p "$work/npm-cache"
# Where the host reaches the registry through a proxy with its own CA, npm in the build trusts it too.
ca_mounts=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  printf 'cafile=/etc/ssl/certs/host-ca.crt\n' > "$work/npmrc"
  ca_mounts=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/host-ca.crt:ro -v "$work/npmrc:/root/.npmrc:ro")
fi
started=$(date +%s)
# Docker's format: the OCI format has no HEALTHCHECK.
podman build --format docker --isolation=chroot --network=host -v "$work/npm-cache:/root/.npm" \
  "${ca_mounts[@]}" --build-arg NODE_IMAGE="$base" -f deploy/Dockerfile -t "$image" .
echo "check-image: HEALTHCHECK $(podman image inspect --format '{{.Config.Healthcheck.Test}}' "$image"), user $(podman image inspect --format '{{.Config.User}}' "$image")"
echo "check-image: built in $(($(date +%s) - started)) s; $(podman image inspect --format '{{.Size}}' "$image") bytes"

ctr=$(podman create "$image")
mnt=$(podman mount "$ctr")
api_pid=""
cleanup() {
  local status=$?
  if [ -n "$api_pid" ]; then kill "$api_pid" 2>/dev/null || true; wait "$api_pid" 2>/dev/null || true; fi
  podman umount "$ctr" >/dev/null || true
  podman rm "$ctr" >/dev/null || true
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  exit "$status"
}
trap cleanup EXIT
psql -q "$admin_url" -c "CREATE DATABASE $db"

# The image's own environment (TRANCHE_ENV=production, HOST, PORT, …), then what a deploy adds.
mapfile -t image_env < <(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$image" | grep .)
port=3990
# Replaces the calling (sub)shell, so that a background call's pid is the process itself.
run_in_image() {
  exec env -i "${image_env[@]}" PORT=$port \
    DATABASE_URL="${admin_url%/*}/$db" \
    JWT_PRIVATE_KEY="$(openssl genpkey -algorithm ed25519)" \
    ENCRYPTION_KEY="$(openssl rand -base64 32)" \
    PUBLIC_BASE_URL=https://pay.example.ng GATEWAY_BASE_URL=http://127.0.0.1:9 \
    GATEWAY_SECRET_KEY=sk_test_check SMTP_URL=smtp://127.0.0.1:9 EMAIL_FROM=no-reply@example.ng \
    DOJAH_BASE_URL=http://127.0.0.1:9 DOJAH_APP_ID=a DOJAH_SECRET_KEY=b \
    TERMII_BASE_URL=http://127.0.0.1:9 TERMII_API_KEY=k TERMII_SENDER_ID=Tranche \
    chroot --userspec=1000:1000 "$mnt" /bin/sh -c "cd /app && exec $*"
}
(run_in_image node bin/tranche.mjs migrate) | tail -1
(run_in_image id)
run_in_image node bin/tranche.mjs api > "$work/api.log" 2>&1 &
api_pid=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.5
done
echo "check-image: /readyz $(curl -fsS "http://127.0.0.1:$port/readyz" || { cat "$work/api.log"; exit 1; })"
echo "check-image: /sdk/v1/connect.js $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/sdk/v1/connect.js")"
(run_in_image node deploy/healthcheck.mjs) && echo "check-image: HEALTHCHECK passes"
