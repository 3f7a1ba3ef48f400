# a triangle and a path
0 1
1 2
2 0
4 5
5 6
