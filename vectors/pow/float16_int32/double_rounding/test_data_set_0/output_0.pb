
BCJsL¹^E¼E”Â\DÂâ>