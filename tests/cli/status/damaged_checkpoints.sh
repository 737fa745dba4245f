# A damaged checkpoints.json (no confirmations list, then not JSON at all): one way out,
# naming checkpoint 1's command, never `status` (which reads the file and fails the same way).
# After the advice is followed, status works and asks for checkpoint 1.
echo '{"confirmations": "lost"}' > checkpoints.json
quark-ptq status
echo "exit $?"
printf '{"confirmations": [' > checkpoints.json
quark-ptq status
echo "exit $?"
rm checkpoints.json
quark-ptq status > /dev/null
echo "exit $?"
