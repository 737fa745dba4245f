echo '{"confirmations": "lost"}' > checkpoints.json
quark-ptq status
