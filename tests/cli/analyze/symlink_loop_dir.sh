set -u
ln -s loop loop
quark-ptq analyze ./loop
