BCJx1Ä11WBBBÎO<OO)Ä1b11B„BB<OžOOW1W“&ÎBÎÆŒ)O)íÚW“b1ÄÎÆ„B)ížO<
(

FUTUUS8b(


TUªUU8F
F<SUSÿþbb*TF
(SÿªUTb*8