set -u
echo '{"old": true}' > model_analysis.json
mkdir m
quark-ptq analyze ./m || { cat model_analysis.json; exit 3; }
