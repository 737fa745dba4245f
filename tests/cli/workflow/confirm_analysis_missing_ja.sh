LANG=ja_JP.UTF-8 quark-ptq confirm analysis
