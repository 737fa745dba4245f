set -u
unset HF_HUB_OFFLINE
export HF_ENDPOINT=http://127.0.0.1:9 QPTQ_HUB_TIMEOUT_MS=2000
quark-ptq analyze org/tiny
