# The plan quantizes the KV cache but the export did not: failed.
source "$SRC/tests/cli/verify/lib.bash"
model output out
python3 -c "import json; p=json.load(open('$PLAN')); p['kv_cache_scheme']='fp8'; json.dump(p, open('plan.json','w'))"
quark-ptq verify out --plan plan.json || echo "exit $?"
model output out2 --kv-cache
quark-ptq verify out2 --plan plan.json | grep -iE "kv.cache"
