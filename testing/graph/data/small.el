# a small graph: a triangle with a duplicate edge, a self-loop
# (vertex 3 ends isolated) and a path 4-5-6
0 1
1 2
2 0
1 2
3 3
4 5

5 6
