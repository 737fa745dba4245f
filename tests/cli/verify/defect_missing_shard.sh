# Planted defect: missing_shard. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out --shards 2 --defect missing_shard
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
