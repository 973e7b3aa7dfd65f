
BAJè