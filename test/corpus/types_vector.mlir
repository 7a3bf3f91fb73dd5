// Fixed, multi-dimensional, 0-D and scalable vectors.
%0 = "test.v"() : () -> vector<4xf32>
%1 = "test.v"() : () -> vector<2x3x4xi8>
%2 = "test.v"() : () -> vector<[4]xf32>
%3 = "test.v"() : () -> vector<4x[8]xf32>
%4 = "test.v"() : () -> vector<f32>
%5 = "test.v"() : () -> vector<8xindex>
"test.use"(%0, %1, %2, %3, %4, %5) : (vector<4xf32>, vector<2x3x4xi8>, vector<[4]xf32>, vector<4x[8]xf32>, vector<f32>, vector<8xindex>) -> ()
