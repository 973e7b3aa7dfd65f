BCJ#AT6*3N9*TWY!,=a<O^B"\
11O"