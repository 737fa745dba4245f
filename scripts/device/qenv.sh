#!/usr/bin/env bash
# Sourced ON the device machine from the repo root: the Python environment every device script
# runs quark-cli in, /tmp/qenv, made once per warm machine from the carried wheels (.whl/, from
# scripts/device/fetch-wheels.sh) over the image's own torch. Several scripts may start at
# once (the zoo's two instances beside the evaluation): the first one builds it under a lock,
# the others wait for it. Sets PY. RESULT_LOG (optional): where pip's output goes.
#   source scripts/device/qenv.sh
SP=/tmp/qenv/lib/python3.12/site-packages
(
  flock 9
  if [ ! -x /tmp/qenv/bin/quark-cli ]; then
    python3 -m venv --without-pip /tmp/qenv
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$SP" .whl/*.whl > "${RESULT_LOG:-/dev/null}" 2>&1
    python3 -c 'import site; print(site.getsitepackages()[0])' > "$SP/zz_image_site.pth"
    printf '#!/tmp/qenv/bin/python\nimport sys\nfrom quark.experimental.cli.main import main\nsys.exit(main())\n' > /tmp/qenv/bin/quark-cli.part
    chmod +x /tmp/qenv/bin/quark-cli.part && mv /tmp/qenv/bin/quark-cli.part /tmp/qenv/bin/quark-cli
  fi
) 9> /tmp/qenv.lock
PY=/tmp/qenv/bin/python
