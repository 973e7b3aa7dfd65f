BCJ
