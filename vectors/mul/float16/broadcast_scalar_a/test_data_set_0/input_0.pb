
BAJj*