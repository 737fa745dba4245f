# A complete FP8 export, sharded, checked against the plan and the source: exit 0.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out --shards 2
quark-ptq verify out --plan "$PLAN" --source src
