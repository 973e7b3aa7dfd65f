
BYJÂY