
BCJ~