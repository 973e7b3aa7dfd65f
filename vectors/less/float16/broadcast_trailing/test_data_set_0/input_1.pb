
BBJzN4E·˜X