# __future__: every feature is already the default.
annotations = True
division = True
print_function = True
absolute_import = True
