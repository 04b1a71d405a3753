a, b: int
f(): int
