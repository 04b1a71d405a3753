x = a€b
y = ²
