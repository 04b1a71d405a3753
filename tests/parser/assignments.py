# Assignment: tuple and list targets, chained, augmented, annotated.
a = 1
a = b = c = 0
a, b = b, a
(a, b) = 1, 2
[a, b] = 1, 2
a, = t
a.b = 1
a[0] = 1
a.b[c].d = e
x = y = z, w = 1, 2
a += 1
a -= 1
a *= 1
a @= 1
a /= 1
a //= 1
a %= 1
a **= 1
a <<= 1
a >>= 1
a &= 1
a |= 1
a ^= 1
a.b += 1
a[0] *= 2
x: int
x: int = 1
(x): int = 1
a.b: str = "s"
a[0]: float
x: list[int] = []
x = yield
y = yield from z
