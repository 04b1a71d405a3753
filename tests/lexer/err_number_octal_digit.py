x = 0o78
y = 0o9
