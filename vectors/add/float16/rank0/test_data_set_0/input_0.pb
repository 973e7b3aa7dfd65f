
BAJá²