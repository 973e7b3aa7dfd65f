BAJ3ABI
%