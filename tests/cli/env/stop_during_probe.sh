# SIGTERM while the environment probe runs (an interpreter that hangs): quark-ptq stops with
# exit 130 and takes the probe's process group with it; a stop is not a "not ready" report.
# The probe runs in / (python_probe.cpp): the marker needs an absolute path.
cat > slowpy <<PY
#!/bin/sh
echo \$\$ > "$PWD/probe.pid"
exec sleep 60
PY
chmod +x slowpy
quark-ptq env --python "$PWD/slowpy" > out.txt 2> err.txt &
pid=$!
for i in $(seq 100); do [ -s probe.pid ] && break; sleep 0.1; done
kill -TERM $pid
rc=0; wait $pid || rc=$?
echo "exit $rc"
probe=$(cat probe.pid)
for i in $(seq 50); do kill -0 "$probe" 2>/dev/null || break; sleep 0.1; done
kill -0 "$probe" 2>/dev/null && echo "probe still alive" || echo "probe gone"
echo "stdout lines: $(wc -l < out.txt)"
cat err.txt
