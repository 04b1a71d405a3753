# The bracket left open is closed at the next statement keyword, so the
# errors after it are found too.
f(a,

class A:
    x = = 1
