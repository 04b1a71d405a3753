a, *b, *c = x
