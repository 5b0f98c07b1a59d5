#!/usr/bin/env bash
# Prepare a fresh Debian machine for codeeval: Python venv, Docker engine, runner image.
# Idempotent: every step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null; then SUDO="sudo"; fi

need_apt=()
command -v dockerd >/dev/null || need_apt+=(docker.io)
command -v mmdebstrap >/dev/null || need_apt+=(mmdebstrap)
# the HTML report is tested in a real headless browser
command -v chromium >/dev/null || need_apt+=(chromium)
command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
command -v runsc >/dev/null || need_apt+=(runsc)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# gVisor's runsc as a second OCI runtime (`codeeval run --runtime runsc`). The engine reads
# it from daemon.json; an engine already running reloads it on SIGHUP.
$SUDO python3 - <<'PY'
import json, pathlib
path = pathlib.Path("/etc/docker/daemon.json")
conf = json.loads(path.read_text()) if path.exists() and path.read_text().strip() else {}
want = {"path": "/usr/bin/runsc", "runtimeArgs": ["--network=none", "--platform=ptrace"]}
if conf.get("runtimes", {}).get("runsc") != want:
    conf.setdefault("runtimes", {})["runsc"] = want
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(conf, indent=2) + "\n")
    print("setup: registered runsc in /etc/docker/daemon.json")
PY
if docker info >/dev/null 2>&1 && ! docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then
  echo "setup: reloading the Docker engine's runtimes"
  $SUDO pkill -HUP -x dockerd || true
  for _ in $(seq 1 20); do
    docker info --format '{{json .Runtimes}}' | grep -q '"runsc"' && break
    sleep 0.5
  done
fi

if ! docker info >/dev/null 2>&1; then
  echo "setup: starting a Docker engine"
  $SUDO sh -c 'nohup dockerd --iptables=false --ip6tables=false --bridge=none \
    >/var/log/codeeval-dockerd.log 2>&1 &'
  for _ in $(seq 1 120); do
    docker info >/dev/null 2>&1 && break
    sleep 0.5
  done
  docker info >/dev/null 2>&1 || { echo "setup: the Docker engine did not start; see /var/log/codeeval-dockerd.log" >&2; exit 1; }
fi

if [ ! -x .venv/bin/codeeval ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
# the ray extra too: tests/ray/ starts a real multi-node Ray cluster (about 30 s to install)
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev,ray]"

echo "setup: building the runner image"
.venv/bin/codeeval image build --base "${CODEEVAL_BASE:-auto}" 2>&1 | grep -E "^(Successfully|building|no registry|offline|codeeval-runner)" || true
.venv/bin/python - <<'PY'
from codeeval.config import settings
from codeeval.runners.docker import connect
cfg = settings()
connect(cfg.docker_url, 30).images.get(cfg.image)
print(f"setup: runner image {cfg.image} ready")
PY
