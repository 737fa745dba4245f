# Issue 16 item 6: a long first probe is not silent. Every QPTQ_PROGRESS_SECONDS the plan says
# on stderr what it is still doing and, while torch compiles one of Quark's extensions (its
# build directory holds torch's `lock`), which one and where. The fake probe takes 2.5 s and
# "compiles" quark_hw_emulation_stable_abi meanwhile; how many lines come depends on timing.
source "$SRC/tests/cli/plan/lib.bash"
fixture qwen3-8b
fake_quark_env 0.13
ext="$XDG_CACHE_HOME/torch_extensions/py311_cpu/quark_hw_emulation_stable_abi"
mv venv/bin/python venv/bin/python.real
cat >venv/bin/python <<EOS
#!/bin/sh
for a in "\$@"; do [ "\$a" = --versions ] && exec "$PWD/venv/bin/python.real" "\$@"; done
mkdir -p "$ext" && : > "$ext/lock" && sleep 2.5 && rm "$ext/lock"
exec "$PWD/venv/bin/python.real" "\$@"
EOS
chmod +x venv/bin/python
export VIRTUAL_ENV="$PWD/venv" QPTQ_PROGRESS_SECONDS=1
quark-ptq plan --target mi355x --priority accuracy | head -1
