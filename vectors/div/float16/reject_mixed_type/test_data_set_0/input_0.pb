
BAJΩz≈OU‚ø[Õ{«P