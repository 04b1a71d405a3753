FACTOR = 3.0


def scale(x, k: float):
    return x * k
