x = 1jx
