
BCJÅ»