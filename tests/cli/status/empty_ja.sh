LC_ALL=ja_JP.UTF-8 quark-ptq status
