
BBJQË