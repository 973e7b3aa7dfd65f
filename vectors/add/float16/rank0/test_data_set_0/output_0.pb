
BCJҲ