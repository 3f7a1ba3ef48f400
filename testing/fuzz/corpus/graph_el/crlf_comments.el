0 1
1 2

% comment
2 3
