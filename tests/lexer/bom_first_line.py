s = "byte order mark"  # line 1 starts after it
t = (s,
     s)
