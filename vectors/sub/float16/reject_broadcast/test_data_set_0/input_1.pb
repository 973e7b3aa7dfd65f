
BBJGF„UeTÅ‚