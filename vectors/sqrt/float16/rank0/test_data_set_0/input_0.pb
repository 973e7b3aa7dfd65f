
BXJ’„