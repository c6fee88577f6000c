#version 330 core
// Custom MSAA resolve: average colour; per-sample min and max depth, keeping the sample nearest
// the camera (max under reverse-z). The midpoint of min and max would be, for an edge pixel over
// the cleared background, a depth no surface has, which later peeling and fog would trust.
uniform sampler2DMS colorSampler;
uniform sampler2DMS depthSampler;
uniform int sampleCount;
uniform int reverseZ;
out vec4 resultColor;
void main(void)
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    float depthMin = 1.0;
    float depthMax = 0.0;
    vec4 sum = vec4(0.0);
    for (int i = 0; i < sampleCount; ++i)
    {
        float depth = texelFetch(depthSampler, p, i).r;
        depthMin = min(depthMin, depth);
        depthMax = max(depthMax, depth);
        sum += texelFetch(colorSampler, p, i);
    }
    gl_FragDepth = (reverseZ != 0) ? depthMax : depthMin;
    resultColor = sum / float(sampleCount);
}
