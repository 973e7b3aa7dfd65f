
BAJ•µ