x = ('a' 'b'
     "c" 'd'
     f'e')
