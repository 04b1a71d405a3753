x = f"abc \
def
y = 2
