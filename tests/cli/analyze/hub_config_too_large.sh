set -u
# A Hub config.json over the 64 MiB limit: refused as a file too large for a configuration file,
# from the listing's size before any of it is fetched, or by the transfer's limit when the
# listing gives no size (never the byte-range message of a shard's header).
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
truncate -s 67108865 hub/org/tiny/config.json
start_hub hub ok
quark-ptq analyze org/tiny
echo "exit $?"
grep -c 'resolve/.*/config.json' hub.log || true
kill $HUB_PID; wait $HUB_PID 2>/dev/null
rm -f hub.port
start_hub hub nosizes
quark-ptq analyze org/tiny
echo "exit $?"
[ -e model_analysis.json ] && echo "analysis written" || echo "nothing written"
