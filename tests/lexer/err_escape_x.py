x = '\xzz'
y = b'\x4'
