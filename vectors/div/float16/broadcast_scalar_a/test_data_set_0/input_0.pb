
BAJc*