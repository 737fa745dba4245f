# start's decision table at checkpoint 2, in Japanese (issue 16 item 5).
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'この解析内容で確定しますか' --send はい --expect 'この計画で確定しますか' --send いいえ \
  -- quark-ptq --lang ja start model --output-dir out --quark-version 0.13 --target mi300x >/dev/null
echo "start exited with $?"
sed -n '/^判断表/,/^チェックポイント 2:/p' t.txt | sed "s|$PWD/||"
